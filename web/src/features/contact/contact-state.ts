import { createContext, useContext } from 'react';

/** The form fields, in the order the form shows them. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string>;

export interface ContactError {
  /** The field the problem is about, or null for a problem with the whole form. */
  readonly field: ContactField | null;
  readonly message: string;
}

/**
 * Marks the build-time render of the "invalid submission" page: the server
 * fills the error list into the `%%CONTACT_ERRORS%%` slot.
 */
export const ERRORS_TEMPLATE = 'template';

export interface ContactState {
  readonly values: ContactValues;
  readonly errors: readonly ContactError[] | typeof ERRORS_TEMPLATE;
}

/** Element ids of the form controls; the server links its error list to these. */
export const FIELD_IDS: Record<ContactField, string> = {
  name: 'contact-name',
  email: 'contact-email',
  subject: 'contact-subject',
  message: 'contact-message',
};

/** Values of the build-time template; the server swaps in the visitor's text. */
export const TEMPLATE_STATE: ContactState = {
  values: {
    name: '%%CONTACT_NAME%%',
    email: '%%CONTACT_EMAIL%%',
    subject: '%%CONTACT_SUBJECT%%',
    message: '%%CONTACT_MESSAGE%%',
  },
  errors: ERRORS_TEMPLATE,
};

export const ERRORS_SLOT = '%%CONTACT_ERRORS%%';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

/**
 * Reads the `contact` part of the state the server embeds in an error page.
 * Returns undefined when the shape is not what the server promises, so a
 * broken payload never breaks the page.
 */
export function parseContactState(input: unknown): ContactState | undefined {
  if (!isRecord(input) || !isRecord(input.values) || !Array.isArray(input.errors)) {
    return undefined;
  }
  const rawValues = input.values;
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) {
    const value = rawValues[field] ?? '';
    if (typeof value !== 'string') return undefined;
    values[field] = value;
  }
  const errors: ContactError[] = [];
  for (const item of input.errors) {
    if (!isRecord(item) || typeof item.message !== 'string') return undefined;
    // A field this page does not know still reaches the visitor, unlinked.
    errors.push({ field: isField(item.field) ? item.field : null, message: item.message });
  }
  return { values, errors };
}

export const ContactStateContext = createContext<ContactState | undefined>(undefined);

export function useContactState(): ContactState | undefined {
  return useContext(ContactStateContext);
}
