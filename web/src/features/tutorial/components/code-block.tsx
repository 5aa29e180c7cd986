import { useId } from 'react';

export interface HighlightedSource {
  readonly file: string;
  /** Path within the tutorial folder, e.g. `demos/cart/cart.ts`. */
  readonly path: string;
  readonly html: string;
}

/**
 * A source file as highlighted at build time. The caption names the file;
 * the block can take focus so it scrolls with the keyboard.
 */
export function CodeBlock({ source, label }: { source: HighlightedSource; label?: string }) {
  const id = useId();
  return (
    <div className="code-block">
      <p className="code-block__caption" id={id}>
        {label ?? `Source: ${source.file}`}
      </p>
      <pre className="code-block__pre" tabIndex={0} role="region" aria-labelledby={id}>
        {/* Built from our own files at build time, with every character escaped. */}
        <code dangerouslySetInnerHTML={{ __html: source.html }} />
      </pre>
    </div>
  );
}
