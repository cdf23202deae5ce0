import Cookies from 'js-cookie';
import { create } from 'zustand';
import { DEFAULT_SETTINGS, MOBILE_BREAKPOINT_PX } from '../config/settings.ts';

/** The settings drawer's choices (spec §3), remembered per browser. */
export interface LayoutSettings {
  themeColor: string;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  tagsView: boolean;
}

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SETTINGS_KEY = 'layoutSettings';

export type Device = 'desktop' | 'mobile';

export const deviceFor = (widthPx: number): Device => (widthPx < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

function loadSettings(): LayoutSettings {
  const defaults: LayoutSettings = {
    themeColor: DEFAULT_SETTINGS.themeColor,
    fixedHeader: DEFAULT_SETTINGS.fixedHeader,
    sidebarLogo: DEFAULT_SETTINGS.sidebarLogo,
    tagsView: DEFAULT_SETTINGS.tagsView,
  };
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return defaults;
    const stored = JSON.parse(raw) as Partial<LayoutSettings>;
    return {
      themeColor: /^#[0-9a-f]{6}$/i.test(stored.themeColor ?? '') ? stored.themeColor! : defaults.themeColor,
      fixedHeader: typeof stored.fixedHeader === 'boolean' ? stored.fixedHeader : defaults.fixedHeader,
      sidebarLogo: typeof stored.sidebarLogo === 'boolean' ? stored.sidebarLogo : defaults.sidebarLogo,
      tagsView: typeof stored.tagsView === 'boolean' ? stored.tagsView : defaults.tagsView,
    };
  } catch {
    return defaults;
  }
}

interface LayoutState {
  /** Sidebar open; kept in a cookie (spec §3). On a mobile device it starts closed. */
  sidebarOpen: boolean;
  device: Device;
  settings: LayoutSettings;
  toggleSidebar(): void;
  closeSidebar(): void;
  setDevice(device: Device): void;
  changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  resetSettings(): void;
}

export const useLayoutStore = create<LayoutState>()((set, get) => ({
  sidebarOpen: Cookies.get(SIDEBAR_COOKIE) !== '0',
  device: deviceFor(typeof window === 'undefined' ? 1280 : window.innerWidth),
  settings: loadSettings(),
  toggleSidebar() {
    const open = !get().sidebarOpen;
    Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { sameSite: 'Lax' });
    set({ sidebarOpen: open });
  },
  closeSidebar() {
    Cookies.set(SIDEBAR_COOKIE, '0', { sameSite: 'Lax' });
    set({ sidebarOpen: false });
  },
  setDevice(device) {
    set({ device });
  },
  changeSetting(key, value) {
    const settings = { ...get().settings, [key]: value };
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    set({ settings });
  },
  resetSettings() {
    localStorage.removeItem(SETTINGS_KEY);
    set({ settings: loadSettings() });
  },
}));
