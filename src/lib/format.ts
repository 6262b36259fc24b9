/** Display formatting shared by the pages and the islands. */

const thousands = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** 12500 -> "12,500" (spec §9: comma thousands separators). */
export function formatThousands(value: number): string {
  return thousands.format(value);
}

export const NAIRA_SIGN = '₦';

/** 12500 -> "₦12,500": naira with no decimals (spec §2, pricing). */
export function formatNaira(amount: number): string {
  return `${NAIRA_SIGN}${formatThousands(amount)}`;
}

/** 1 -> "1st", 12 -> "12th", 23 -> "23rd", 111 -> "111th". */
export function ordinal(rank: number): string {
  const lastTwo = rank % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${rank}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}

/** 7 -> "07": the stat cards' two-digit counts (spec §9). */
export function padTwo(value: number): string {
  return String(value).padStart(2, '0');
}

/** 1 -> "1 question", 3 -> "3 questions": a count in a sentence, never zero-padded. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

const westAfricaDateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** A timestamp in West Africa Time, the time the terms say every date is in. */
export function formatDateTime(iso: string): string {
  return westAfricaDateTime.format(new Date(iso));
}

const westAfricaDayAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** A moment in West Africa Time as a day and a 24-hour time, "25 Nov, 14:05": when a plan or trial ends. */
export function formatDayAndTime(iso: string): string {
  const parts = Object.fromEntries(
    westAfricaDayAndTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}
