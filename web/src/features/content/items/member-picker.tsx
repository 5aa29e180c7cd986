import { useId, useState } from 'react';
import { useStaffLoad } from '../../../shared/staff/staff-parts';
import type { ItemsApi } from './items-api';

/** Roles a committee's member commonly has, offered as the role is typed. */
const ROLES = ['Chairperson', 'Member secretary', 'Convener', 'Member', 'Nodal officer', 'Student member', 'External member'];

/** How a person is offered: their name, and their record's address to tell two of a name apart. */
const offered = (person: { readonly name: string; readonly slug: string }) => `${person.name} (@${person.slug})`;

/**
 * Adds one of the college's people to a committee's members: chosen from their records by
 * name (a searchable list), with their role on the committee, as the line `@slug | role`. The
 * page then shows their name, page and contact from the record, and drops them when they leave.
 */
export function MemberPicker({ people, onAdd }: { readonly people: ItemsApi; readonly onAdd: (line: string) => void }) {
  const loaded = useStaffLoad(() => people.list(), 'member-picker');
  const [person, setPerson] = useState('');
  const [role, setRole] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const ids = useId();
  const choices = loaded.data ?? [];

  function add() {
    const chosen = choices.find((choice) => offered(choice) === person.trim() || choice.name === person.trim());
    if (!chosen) {
      setProblem('Choose a person from the list: add them under Faculty and staff first if they are not there.');
      document.getElementById(`${ids}-person`)?.focus();
      return;
    }
    if (!role.trim() || role.includes('|')) {
      setProblem('Write their role on the committee, like Chairperson or Member.');
      document.getElementById(`${ids}-role`)?.focus();
      return;
    }
    setProblem(null);
    onAdd(`@${chosen.slug} | ${role.trim()}`);
    setAdded(`${chosen.name} is the last line of the members. Save to keep it.`);
    setPerson('');
    setRole('');
  }

  return (
    <fieldset className="member-picker">
      <legend>Add one of the college’s people</legend>
      <div className="field">
        <label htmlFor={`${ids}-person`}>Person</label>
        <input id={`${ids}-person`} list={`${ids}-people`} value={person} autoComplete="off"
          aria-invalid={problem?.startsWith('Choose') ? true : undefined} aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => setPerson(event.target.value)} />
        <datalist id={`${ids}-people`}>
          {choices.map((choice) => (
            <option key={choice.slug} value={offered(choice)} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-role`}>Role on the committee</label>
        <input id={`${ids}-role`} list={`${ids}-roles`} value={role} maxLength={80} autoComplete="off"
          aria-invalid={problem?.startsWith('Write') ? true : undefined} aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => setRole(event.target.value)} />
        <datalist id={`${ids}-roles`}>
          {ROLES.map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      </div>
      {problem && (
        <p className="field__error" id={`${ids}-problem`} role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="button button--outline" onClick={add}>
        Add to the members
      </button>
      <p role="status" className="staff-outcome">
        {added}
      </p>
    </fieldset>
  );
}
