import type { Ref } from 'react';

/** What the account menu's button shows: the signed-in user's name. */
function ToggleContent({ name }: { name: string }) {
  return (
    <>
      <span className="visually-hidden">Signed in as </span>
      {name}
      <span aria-hidden="true" className="account-menu__caret">
        ▾
      </span>
    </>
  );
}

/** The button with the signed-in user's name that opens the account menu. */
export function AccountToggle({
  name,
  open,
  menuId,
  onClick,
  ref,
}: {
  name: string;
  open: boolean;
  menuId: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="button button--outline account-menu__toggle"
      aria-expanded={open}
      aria-controls={menuId}
      onClick={onClick}
    >
      <ToggleContent name={name} />
    </button>
  );
}

/**
 * The same name, looking the same, while the menu's own chunk is on its way: the
 * name never waits for it and the header does not move when it comes. Not a
 * button yet, so that nothing offers a click that would do nothing.
 */
export function AccountTogglePlaceholder({ name }: { name: string }) {
  return (
    <span className="button button--outline account-menu__toggle account-menu__toggle--waiting">
      <ToggleContent name={name} />
    </span>
  );
}
