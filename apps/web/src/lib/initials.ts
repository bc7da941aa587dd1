/** Up to two capital letters for an avatar. @example initials({ firstName: 'Ada', lastName: 'Obi' }) // 'AO' */
export function initials(person: { firstName: string; lastName: string }): string {
  const letters = [person.firstName, person.lastName].map((name) => name.trim().charAt(0).toUpperCase());
  return letters.join('') || '?';
}
