import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { pageChunksPlugin } from './scripts/vite-plugin-page-chunks';
import { sandboxPlugin } from './scripts/vite-plugin-sandbox';
import { tutorialPlugin } from './scripts/vite-plugin-tutorial';

export default defineConfig({
  resolve: {
    // React 19 has useSyncExternalStore: the router's shim for older versions is left out.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/shared/vendor/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    tutorialPlugin({
      layout: 'src/features/tutorial/tutorial-layout.tsx',
      lessonsDir: 'src/features/tutorial/lessons',
    }),
    pageChunksPlugin({
      about: 'src/features/about/about-page.tsx',
      contact: 'src/features/contact/contact-page.tsx',
      thanks: 'src/features/contact/thanks-page.tsx',
      login: 'src/features/auth/login-page.tsx',
      'forgot-password': 'src/features/auth/forgot-password-page.tsx',
      'second-factor': 'src/features/auth/second-factor-page.tsx',
      'two-step': 'src/features/auth/account/two-step-page.tsx',
      'reset-password': 'src/features/auth/reset-password-page.tsx',
      account: 'src/app/account-page.tsx',
      'verify-email': 'src/features/auth/account/verify-email-page.tsx',
      join: 'src/features/join/join-page.tsx',
      teach: 'src/features/teach/teach-page.tsx',
      staff: 'src/app/staff.tsx',
      'server-content': 'src/app/server-content-page.tsx',
    }),
    sandboxPlugin({ boot: 'src/features/tutorial/sandbox/boot.ts' }),
    react(),
  ],
  build: {
    // Every browser that runs this app supports modulepreload natively.
    modulePreload: { polyfill: false },
    // Read by scripts/prerender.mjs to preload each page's own chunks.
    manifest: true,
    target: 'es2020',
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.mjs'],
    environment: 'node',
  },
});
