import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditActions } from './edit-actions';
import { ProblemNotice, StaleEditsNotice } from './playground-notices';

const none = () => {};

describe('the notices of an open editor', () => {
  it('shows a problem as it happens, and reads out only the one that stayed', () => {
    const html = renderToStaticMarkup(
      <ProblemNotice problem={{ kind: 'runtime', message: 'boom', file: 'app.tsx', line: 2 }} announced="Error: older" />,
    );
    expect(html).toBe(
      '<p class="playground__problem demo-error">Error (app.tsx, line 2): boom</p><p class="visually-hidden" role="status">Error: older</p>',
    );
    expect(renderToStaticMarkup(<ProblemNotice problem={undefined} announced="" />)).toBe('<p class="visually-hidden" role="status"></p>');
  });

  it('makes code that did not finish an alert, and leaves it out of the quiet announcement', () => {
    const html = renderToStaticMarkup(
      <ProblemNotice problem={{ kind: 'did-not-finish', message: 'It was stopped.' }} announced="Stopped: It was stopped." />,
    );
    expect(html).toBe(
      '<p class="playground__problem demo-error" role="alert">Stopped: It was stopped.</p><p class="visually-hidden" role="status"></p>',
    );
  });

  it('names the files whose edits predate the lesson, and offers both ways on', () => {
    const html = renderToStaticMarkup(
      <StaleEditsNotice stale={['app.tsx', 'cart.ts']} editorPanelId="x-panel" onRunMine={none} onTakeUpdated={none} />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('code has changed since you edited app.tsx and cart.ts. Your version is in the editor and has not been run.');
    expect(html).toContain('>Run my version</button>');
    expect(html).toContain('>Use the updated code</button>');
    expect(renderToStaticMarkup(<StaleEditsNotice stale={[]} editorPanelId="x-panel" onRunMine={none} onTakeUpdated={none} />)).toBe('');
  });

  it('reads out the status line, and only shows the quiet word beside it', () => {
    const html = renderToStaticMarkup(
      <EditActions edited canUndoReset={false} notice={{ readOut: '', shown: 'Saving…' }} onRun={none} onReset={none} onUndoReset={none} />,
    );
    expect(html).toContain('<p class="playground__status"><span aria-live="polite"></span>Saving…</p>');
    expect(html).not.toContain('Undo reset');
    expect(html).toMatch(/<button type="button" class="demo-button demo-button--secondary">Reset<\/button>/);
  });

  it('offers Undo reset after a reset, with Reset disabled', () => {
    const html = renderToStaticMarkup(
      <EditActions
        edited={false}
        canUndoReset
        notice={{ readOut: 'The original code is back. Undo reset returns your version.', shown: '' }}
        onRun={none}
        onReset={none}
        onUndoReset={none}
      />,
    );
    expect(html).toContain('disabled="">Reset</button>');
    expect(html).toContain('>Undo reset</button>');
    expect(html).toContain('<span aria-live="polite">The original code is back. Undo reset returns your version.</span></p>');
  });
});
