/**
 * Stands in for the `use-sync-external-store/shim` package that the router (wouter) imports
 * for React versions before 18: React 19 has the hook itself, and the shim's own copy would
 * cost every page about 370 bytes of gzip (see `resolve.alias` in vite.config.ts).
 */
export { useSyncExternalStore } from 'react';
