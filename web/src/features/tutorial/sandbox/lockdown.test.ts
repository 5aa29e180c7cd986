import { describe, expect, it } from 'vitest';
import { pinMembers } from './lockdown';

/** A stand-in for a DOM interface: a method and an accessor on a locked prototype. */
function lockedInstance() {
  class Area {
    #children: string[] = [];
    append(child: string) {
      this.#children.push(child);
    }
    get text() {
      return this.#children.join(' ');
    }
    set text(value: string) {
      this.#children = [value];
    }
  }
  Object.freeze(Area.prototype);
  return new Area();
}

describe('pinMembers', () => {
  it("keeps the prototype's members working on the instance", () => {
    const area = lockedInstance();
    pinMembers(area);
    area.append('one');
    area.append('two');
    expect(area.text).toBe('one two');
    area.text = 'reset';
    expect(area.text).toBe('reset');
  });

  it('refuses to redefine, delete or hide a member, whichever way is tried', () => {
    const area = lockedInstance();
    pinMembers(area);
    const fake = () => {};
    expect(() => Object.defineProperty(area, 'append', { value: fake })).toThrow(TypeError);
    expect(() => Object.defineProperty(area, 'text', { get: () => 'forged' })).toThrow(TypeError);
    expect(Reflect.deleteProperty(area, 'append')).toBe(false);
    Object.setPrototypeOf(area, { append: fake, text: 'forged' });
    expect(area.append).not.toBe(fake);
    area.append('still real');
    expect(area.text).toBe('still real');
  });

  it('still lets the instance take new properties, as React marks its nodes', () => {
    const area = lockedInstance();
    pinMembers(area);
    (area as unknown as Record<string, unknown>).__reactMark = 1;
    expect((area as unknown as Record<string, unknown>).__reactMark).toBe(1);
  });

  it('leaves members of a prototype that is not locked alone', () => {
    const open = new (class {
      append() {}
    })();
    pinMembers(open);
    expect(Object.getOwnPropertyNames(open)).toEqual([]);
  });
});
