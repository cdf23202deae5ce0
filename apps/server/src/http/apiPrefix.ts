/** Where the API is served (the console's requests and the addresses handed to others start with it). */
export const API_PREFIX = '/prod-api';
