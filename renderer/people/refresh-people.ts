/**
 * Who is set up and who is selling, read again from the core: when the status push says the people changed (the
 * shop server's feed brought people, roles or PINs: issue 26) and when a charge was refused with nobody signed in.
 * The screens follow the store, so the People screen and «¿Quién vende?» show them without a reload.
 */
import { bridge } from '../bridge/client';
import { usePeople } from './people-store';

let reading: Promise<void> | null = null;
let again = false;

export function refreshPeople(): Promise<void> {
  // One read at a time; asked again meanwhile, one more read follows (the change may have come after it started).
  if (reading) {
    again = true;
    return reading;
  }
  reading = (async () => {
    do {
      again = false;
      const answer = await bridge.call('people.session', {});
      if (answer.ok) usePeople.getState().setSession(answer.value);
    } while (again);
  })().finally(() => { reading = null; });
  return reading;
}

/** Follows the status push's people stamp: a new stamp reads the people again. */
export function followPeopleStamp(first: string | undefined): (next: string | undefined) => void {
  let seen = first;
  return (next) => {
    if (next === undefined || next === seen) return;
    seen = next;
    void refreshPeople();
  };
}
