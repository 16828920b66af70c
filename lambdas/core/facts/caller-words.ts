/**
 * Words that say what a caller is, not who (issue 32): a title before a name ("Professor Hiroshi Tanaka",
 * "Coach Rivera", "Officer Diaz", "Sister Mary") and a role ("the pharmacist", "your driver"). Neither is ever
 * taken for the caller's name: "this is Professor Tanaka" names Tanaka, "this is Ngozi, the pharmacist" names
 * Ngozi, and a card is never named "Pharmacist".
 */

/** Titles said before a name, as written bare and lowercase ("dr", "prof", "professor"). */
export const TITLES: ReadonlySet<string> = new Set(
  [
    'dr doctor mr mrs ms miss mister missus mx prof professor coach officer pastor nurse deputy judge father',
    'sister brother rev reverend rabbi imam sergeant sgt detective det captain capt lieutenant lt chief',
    'principal counselor aunt auntie uncle grandma grandpa nana granny',
  ]
    .join(' ')
    .split(' '),
);

/** Whether a word as written ("Prof.", "Professor", "Dr.") is a title. */
export const isTitle = (word: string): boolean =>
  TITLES.has(
    word
      .toLowerCase()
      .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
      .replace(/\.$/, ''),
  );

/** How a title is written before a name: "Dr.", "Mrs.", "Prof." with a full stop, "Professor", "Coach" without. */
export function titleAsWritten(word: string): string {
  const bare = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const lower = bare.toLowerCase();
  if (lower === 'doctor' || lower === 'dr') return 'Dr.';
  const cased = bare.charAt(0).toUpperCase() + bare.slice(1).toLowerCase();
  return ['mr', 'mrs', 'ms', 'mx', 'prof', 'rev', 'sgt', 'det', 'capt', 'lt'].includes(lower)
    ? `${cased}.`
    : cased;
}

/** What a caller may say they are: never their name ("this is Pharmacist" is no name, a card is no "Nurse"). */
export const ROLE_WORDS: ReadonlySet<string> = new Set(
  [
    'pharmacist pharmacy nurse teacher receptionist manager driver technician tech plumber electrician',
    'landlord dentist hygienist assistant secretary coordinator supervisor counselor advisor adviser agent',
    'representative rep officer mechanic contractor inspector adjuster recruiter tutor coach nanny babysitter',
    'neighbor neighbour principal therapist doctor physician surgeon vet veterinarian clerk cashier owner',
    'dispatcher operator courier caretaker custodian janitor superintendent super broker realtor lawyer',
    'attorney accountant banker cleaner mover installer estimator foreman trainer instructor librarian',
    'scheduler billing specialist director administrator admin staff volunteer caseworker paramedic',
  ]
    .join(' ')
    .split(' '),
);

/** Whether a word as written ("pharmacist,", "Nurse") is a role word. */
export const isRoleWord = (word: string): boolean =>
  ROLE_WORDS.has(word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
