import type { AnySubject } from './subject.js';

/**
 * The subjects the running server knows, filled from the module manifests at start. The deadline job
 * and the task inbox read it to label and link tasks of any subject type.
 */
const subjects = new Map<string, AnySubject>();

export function registerSubject(subject: AnySubject): void {
  const known = subjects.get(subject.machine.subject);
  if (known && known !== subject) throw new Error(`workflow subject ${subject.machine.subject} registered twice`);
  subjects.set(subject.machine.subject, subject);
}

export const subjectOf = (type: string): AnySubject | undefined => subjects.get(type);

export const registeredSubjects = (): AnySubject[] => [...subjects.values()];
