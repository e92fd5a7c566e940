/** Today's date (YYYY-MM-DD) in a zone, as the server writes {date}. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
