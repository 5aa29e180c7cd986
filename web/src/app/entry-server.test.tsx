import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import { NOT_FOUND_PATH, pageChunkModules, render, renderContactTemplate, routes } from './entry-server';
import { JOIN_CODE_SHELL } from '../shared/paths/join';
import { TEACH_WAITING_SHELL } from '../shared/paths/teach';

describe('server render', () => {
  it('renders each page with its heading and marks the current nav link', () => {
    const about = render('/about');
    // Marked for the server, which puts the office's published text there.
    expect(about).toContain('<h1 data-edit="about.heading">Why join Riverside College?</h1>');
    expect(about).toMatch(/<a (?=[^>]*aria-current="page")[^>]*href="\/about"/);
    expect(render('/')).toContain('Welcome to Riverside College');
    expect(render('/contact/thanks')).toContain('Thank you, your message has been sent');
  });

  it('renders the 404 page for unknown paths, with no current nav link', () => {
    for (const path of [NOT_FOUND_PATH, '/no-such-page', '/about/more']) {
      const html = render(path);
      expect(html).toContain('<h1>Error404 Page</h1>');
      expect(html).not.toContain('aria-current');
    }
  });

  it('renders the contact form to post natively, with its honeypot hidden', () => {
    const html = render('/contact');
    expect(html).toMatch(/<form[^>]*action="\/contact"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/contact"/);
    expect(html).not.toContain('novalidate');
    expect(html).toMatch(/<div class="honeypot" aria-hidden="true"><label for="contact-website">Website<\/label><input id="contact-website"[^>]*tabindex="-1"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Send<\/button><\/form>/);
    expect(html).not.toContain('error-summary');
  });

  it('renders /join with its form for a code, and one shell for every code, with no class in it', () => {
    const form = render('/join');
    expect(form).toContain('<h1>Join a class</h1>');
    expect(form).toContain('<label for="_R_');
    expect(form).toMatch(/<button type="submit" class="button" disabled="">Continue<\/button>/);
    const shell = render(JOIN_CODE_SHELL);
    expect(shell).toContain('<h1>Join a class</h1>');
    expect(shell).toMatch(/<p role="status" class="join-page__loading">Looking up the class…<\/p>/);
    expect(shell).not.toContain('<form');
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];
    expect(main(render('/join/K7MXQ3PR'))).toBe(main(shell));
    expect(routes.map((route) => route.path)).toContain(JOIN_CODE_SHELL);
  });

  it('renders /teach with the frame of the classes for a teacher, and a waiting shell for the rest', () => {
    const frame = render('/teach');
    expect(frame).toContain('<h2 id="_R_');
    expect(frame).toContain('>Your classes</h2>');
    expect(frame).toContain('>Create a class</h2>');
    expect(frame).toMatch(/<button type="submit" class="button" disabled="">Create class<\/button>/);
    const waiting = render(TEACH_WAITING_SHELL);
    expect(waiting).toContain('Loading your classes…');
    expect(waiting).not.toContain('<form');
    expect(routes.map((route) => route.path)).toContain(TEACH_WAITING_SHELL);
  });

  it('renders the frame of the account pages before their data: the contents, what two-step sign-in is', () => {
    const account = render('/account');
    expect(account).toContain('<nav class="account-page__contents" aria-label="Sections of your account">');
    for (const section of ['profile', 'sessions', 'classes', 'delete']) expect(account).toContain(`<a href="#${section}">`);
    expect(render('/account/two-step')).toMatch(/<p class="lead">After your password \(or Google\), signing in asks for a code/);
  });

  it('renders the server template with the slots the server fills', () => {
    const html = renderContactTemplate();
    expect(html).toContain(
      '<div class="error-summary" role="alert" tabindex="-1" id="contact-errors"><h2>There is a problem</h2><ul>%%CONTACT_ERRORS%%</ul></div>',
    );
    for (const [id, slot] of [
      ['contact-name', 'NAME'],
      ['contact-email', 'EMAIL'],
      ['contact-subject', 'SUBJECT'],
    ]) {
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*value="%%CONTACT_${slot}%%"`));
    }
    expect(html).toMatch(/<textarea id="contact-message"[^>]*>%%CONTACT_MESSAGE%%<\/textarea>/);
    expect(html.indexOf('contact-errors')).toBeLessThan(html.indexOf('<form'));
  });

  it('renders the problems a server sent, linked to their fields', () => {
    const html = renderToString(
      <App
        ssrPath="/contact"
        pageState={{
          contact: {
            values: { name: 'Asha', email: 'x', subject: '', message: 'Hi' },
            errors: [
              { field: 'email', message: 'Your email: enter a valid email address' },
              { field: 'subject', message: 'Subject: enter a subject' },
              { field: null, message: 'Too many messages' },
            ],
          },
        }}
      />,
    );
    expect(html).toContain('<li><a href="#contact-email">Your email: enter a valid email address</a></li>');
    expect(html).toContain('<li>Too many messages</li>');
    expect(html).toMatch(/<input id="contact-email"[^>]*aria-invalid="true"[^>]*value="x"/);
    expect(html).toMatch(/<input id="contact-name"(?![^>]*aria-invalid)[^>]*value="Asha"/);
  });
});

describe("the prerender step's route table", () => {
  it('gives every page, lessons included, a title and a description', () => {
    for (const { path, meta } of routes) {
      expect(meta.title.length, path).toBeGreaterThan(0);
      expect(meta.description.length, path).toBeGreaterThan(20);
    }
    expect(routes.find((route) => route.path === '/react/web-hooks/use-state')?.meta.title).toBe('useState (React tutorial)');
  });
});

describe('page chunks to preload', () => {
  it('names the table of loaders and the source modules of a page that has its own chunk', () => {
    expect(pageChunkModules('/login')).toEqual(['virtual:page-chunks-table', 'src/features/auth/login-page.tsx']);
    expect(pageChunkModules('/join')).toEqual(['virtual:page-chunks-table', 'src/features/join/join-page.tsx']);
    expect(pageChunkModules('/react/web-hooks/use-state')).toEqual([
      'virtual:tutorial-chunks-table',
      'src/features/tutorial/tutorial-layout.tsx',
      'src/features/tutorial/lessons/use-state.tsx',
    ]);
    expect(pageChunkModules('/react')).toEqual([
      'virtual:tutorial-chunks-table',
      'src/features/tutorial/tutorial-layout.tsx',
      'src/features/tutorial/lessons/intro.tsx',
    ]);
  });

  it('names nothing for Home and the 404 page, all in the shared bundle', () => {
    for (const path of ['/', NOT_FOUND_PATH]) {
      expect(pageChunkModules(path)).toEqual([]);
    }
    // Their text and form are not Home's to carry.
    expect(pageChunkModules('/about')).toEqual(['virtual:page-chunks-table', 'src/features/about/about-page.tsx']);
    expect(pageChunkModules('/contact')).toEqual(['virtual:page-chunks-table', 'src/features/contact/contact-page.tsx']);
  });
});
