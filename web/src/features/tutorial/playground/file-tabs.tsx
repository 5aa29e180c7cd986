import { useState, type ReactNode } from 'react';
import type { EditorFile } from './use-saved-edits';

/** The id of the element that holds the editor, for `idBase` (see FileTabs). */
export const editorPanelId = (idBase: string) => `${idBase}-panel`;

/** Which file is open in the editor. */
export function useFileTabs() {
  const [active, setActive] = useState(0);
  // The editor takes the keyboard as it opens only until the student picks a tab themselves.
  const [switched, setSwitched] = useState(false);
  const select = (index: number) => {
    setSwitched(true);
    setActive(index);
  };
  return { active, switched, select };
}

interface FileTabsProps {
  /** Prefix of the tabs' and the panel's ids, unique on the page. */
  readonly idBase: string;
  /** The demo's name, which labels the tab list. */
  readonly name: string;
  readonly files: readonly EditorFile[];
  readonly active: number;
  onSelect(index: number): void;
  /** The open file's editor. */
  readonly children: ReactNode;
}

/**
 * One tab per file, marked "(edited)" when the student changed it, above the open file's panel.
 * A demo of one file has no tabs, and its panel no tab roles. The arrow keys move between tabs.
 */
export function FileTabs({ idBase, name, files, active, onSelect, children }: FileTabsProps) {
  const tabId = (index: number) => `${idBase}-tab-${index}`;
  const tabbed = files.length > 1;
  return (
    <>
      {tabbed && (
        <div className="playground__tabs" role="tablist" aria-label={`Files of ${name}`}>
          {files.map((file, index) => (
            <button
              key={file.name}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={index === active}
              aria-controls={editorPanelId(idBase)}
              tabIndex={index === active ? 0 : -1}
              className="playground__tab"
              onClick={() => onSelect(index)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (step === 0) return;
                const next = (index + step + files.length) % files.length;
                onSelect(next);
                document.getElementById(tabId(next))?.focus();
              }}
            >
              {file.name}
              {file.code !== file.original && <span className="playground__edited"> (edited)</span>}
            </button>
          ))}
        </div>
      )}
      <div id={editorPanelId(idBase)} className="playground__panel" {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': tabId(active) } : {})}>
        {children}
      </div>
    </>
  );
}
