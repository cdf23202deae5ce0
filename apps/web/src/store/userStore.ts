import { create } from 'zustand';

/** `GET /user/manager/info` (docs/api-accounts.md). */
export interface UserInfo {
  userId: number;
  userCode: string;
  name: string;
  avatar: string | null;
  introduction: string | null;
  email: string | null;
  phone: string | null;
  roleId: number;
  roleName: string;
  dealercode: string | null;
  firstLogin: boolean;
  roles: string[];
  menuList: string[];
}

interface UserState {
  info: UserInfo | null;
  /** Set by the sign-in answer, shown once by the layout, then forgotten (ARCHITECTURE §3). */
  weakPassword: boolean;
  setInfo(info: UserInfo | null): void;
  setWeakPassword(weak: boolean): void;
}

export const useUserStore = create<UserState>()((set) => ({
  info: null,
  weakPassword: false,
  setInfo: (info) => set({ info }),
  setWeakPassword: (weakPassword) => set({ weakPassword }),
}));
