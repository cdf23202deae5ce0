import { useQuery } from '@tanstack/react-query';
import { fetchUserInfo } from '../../../api/accounts.ts';
import { USER_CALLS } from '@solarops/contracts';
import { callEndpoint } from '../../../api/callEndpoint.ts';

export const useUserInfo = () => useQuery({ queryKey: ['user', 'info'], queryFn: fetchUserInfo });

export interface ProfileChanges {
  name?: string;
  email?: string;
  phone?: string;
  introduction?: string;
}

/** `POST /user/manager/update` (form body): answers the updated user info. */
export const updateProfile = (changes: ProfileChanges) =>
  callEndpoint(USER_CALLS.updateProfile, { form: { ...changes }, quiet: true });

/** `POST /user/manager/avatar` (multipart `file`): answers the new avatar's address. */
export function uploadAvatar(file: File): Promise<{ avatar: string }> {
  const body = new FormData();
  body.append('file', file);
  return callEndpoint(USER_CALLS.uploadAvatar, { multipart: body, quiet: true });
}
