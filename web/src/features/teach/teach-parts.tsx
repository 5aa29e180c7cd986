/** Pieces the teacher's pages share. */
import { useEffect, useRef, type RefObject } from 'react';
import { useAction } from '../../shared/hooks/use-action';
import { ApiError } from '../../shared/lib/api-client';
import { messageOf } from '../../shared/components/form-parts';

/** What went wrong with an action: the server's message, and the field it is about, if any. */
export interface Problem {
  readonly message: string;
  readonly field: string | null;
}

/**
 * An action's progress: busy while sent, then its problem or what to tell the
 * user. A refusal that concerns the whole page (the role revoked, the session
 * ended) also goes to `onApiError`, which the page acts on.
 */
export function useTeachAction(onApiError: (error: unknown) => void) {
  return useAction<Problem>((error) => {
    onApiError(error);
    return { message: messageOf(error), field: error instanceof ApiError ? error.field : null };
  });
}

/** An action's outcome, read out politely as it appears (the region is there before its text). */
export function Outcome({ message }: { readonly message: string | null }) {
  return (
    <p role="status" className="teach-outcome">
      {message}
    </p>
  );
}

/** A problem that is not about one field, announced as it appears. */
export function ProblemText({ problem }: { readonly problem: Problem | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="auth-form__problem">
      {problem.message}
    </p>
  );
}

/** The number of students, in words: "1 student", "3 students". */
export function studentsCount(count: number): string {
  return count === 1 ? '1 student' : `${count} students`;
}

interface ClassNameFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The server's word on the name, shown on the field. */
  readonly error: string | null;
  readonly disabled?: boolean;
}

/** A class's name, with its rule stated before anyone types, and the server's error on it. */
export function ClassNameField({ id, label, value, onChange, error, disabled }: ClassNameFieldProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-rule`} className="field__hint teach-field__rule">
        1 to 80 characters, for example “BCA 2, division A”.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="field__error">
          {error}
        </p>
      )}
      <input id={id} name="name" autoComplete="off" maxLength={80} value={value} disabled={disabled}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-rule ${id}-error` : `${id}-rule`}
        onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** The part of `problem` that is about the class's name, if any. */
export const nameError = (problem: Problem | null) => (problem?.field === 'name' ? problem.message : null);

/** A problem that is not about the name, if any. */
export const otherProblem = (problem: Problem | null) => (problem && problem.field !== 'name' ? problem : null);

/**
 * Focus for a question asked before a destructive action: on the question
 * when it appears, back on the button that asked it when it is cancelled.
 */
export function useConfirmFocus(confirming: boolean, question: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (asked.current) button.current?.focus();
    asked.current = confirming;
  }, [confirming, question, button]);
}
