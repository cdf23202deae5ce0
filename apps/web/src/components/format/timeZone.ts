/** The browser's time zone: the server reads the dates sent here in it (the times shown are local too). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
