import styles from './styles-demo.module.css';
import './styles-demo.css';

export function StylesDemo() {
  return (
    <div className="demo-stack">
      {/* 1. Inline style: a JavaScript object, with camelCase property names */}
      <p style={{ fontSize: '1.25rem', fontWeight: 700, letterSpacing: '0.05em' }}>Inline style</p>

      {/* 2. CSS module: the imported object maps each class to its unique name */}
      <p>
        <span className={styles.badge}>CSS module</span>
      </p>

      {/* 3. A class from an ordinary stylesheet: note className, not class */}
      <p className="notice">Global CSS class</p>
    </div>
  );
}
