import { createContext } from 'react';

/**
 * The signed-in student's account id, as the app learnt it from the session:
 * undefined while not known, null when signed out. Every page provides it
 * (app/student-data-owner.tsx); the tutorial reads it. A module of its own, so
 * that the script every page loads need not hold student-data.ts.
 */
export const StudentContext = createContext<string | null | undefined>(undefined);
