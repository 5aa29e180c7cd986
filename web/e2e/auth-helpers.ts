// Signing up, in and out as a visitor does, for the accounts tests.
import type { Page } from '@playwright/test';
import { expect, waitForApp } from './fixtures';

export const PASSWORD = 'river-campus-2024!';

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function openLogin(page: Page, path = '/login') {
  await page.goto(path);
  await waitForApp(page);
  // The forms stay disabled until the page's own chunk has hydrated them.
  await expect(loginColumn(page).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
}

export function loginColumn(page: Page) {
  return page.getByRole('region', { name: 'Login' });
}

export function registerColumn(page: Page) {
  return page.getByRole('region', { name: 'Register' });
}

export async function register(page: Page, name: string, email: string) {
  const column = registerColumn(page);
  await column.getByLabel('Name').fill(name);
  await column.getByLabel('Email address').fill(email);
  await column.getByLabel('Password').fill(PASSWORD);
  await column.getByLabel('Mobile Number').fill('+91 98765 43210');
  await column.getByRole('button', { name: 'Register' }).click();
}

export async function login(page: Page, email: string, password: string, remember = false) {
  const column = loginColumn(page);
  await column.getByLabel('Email').fill(email);
  await column.getByLabel('Password').fill(password);
  if (remember) await column.getByLabel('Remember me').check();
  await column.getByRole('button', { name: 'Login', exact: true }).click();
}

export function accountButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name: `Signed in as ${name}` });
}

export async function logout(page: Page, name: string) {
  await accountButton(page, name).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}
