import { createContext, useContext, useState } from 'react';

const ThemeContext = createContext('light');

function ThemeLabel({ place }: { place: string }) {
  const theme = useContext(ThemeContext);
  return (
    <p>
      {place} theme: {theme}
    </p>
  );
}

function Toolbar() {
  return (
    <div className="demo-row">
      <ThemeLabel place="Toolbar" />
    </div>
  );
}

function SettingsCard() {
  return (
    <div className="demo-card">
      <h3>Settings</h3>
      <ThemeLabel place="Card" />
    </div>
  );
}

export function ThemeSwitcher() {
  const [theme, setTheme] = useState('light');

  // The provider now wraps everything that reads the theme.
  return (
    <ThemeContext value={theme}>
      <div className="demo-stack">
        <Toolbar />
        <SettingsCard />
        <button type="button" className="demo-button" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>
          Switch theme
        </button>
      </div>
    </ThemeContext>
  );
}
