import { createContext, useContext, useState } from 'react';

// Another correct answer: the context carries the theme and a function to switch it,
// so the button can be a component of its own that reads both from context.
interface Theme {
  readonly theme: string;
  readonly switchTheme: () => void;
}

const ThemeContext = createContext<Theme>({ theme: 'light', switchTheme: () => {} });

function ThemeLabel({ place }: { place: string }) {
  const { theme } = useContext(ThemeContext);
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

function SwitchButton() {
  const { switchTheme } = useContext(ThemeContext);
  return (
    <button type="button" className="demo-button" onClick={switchTheme}>
      Switch theme
    </button>
  );
}

export function ThemeSwitcher() {
  const [theme, setTheme] = useState('light');
  const switchTheme = () => setTheme((current) => (current === 'light' ? 'dark' : 'light'));

  return (
    <div className="demo-stack">
      <ThemeContext.Provider value={{ theme, switchTheme }}>
        <Toolbar />
        <SettingsCard />
        <SwitchButton />
      </ThemeContext.Provider>
    </div>
  );
}
