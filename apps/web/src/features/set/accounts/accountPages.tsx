import { ROLE } from '@solarops/contracts';
import { useRoles } from '../set-shared/roleApi.ts';
import { AccountListPage } from './AccountListPage.tsx';

/** `businessman`: distributors. */
export function BusinessmanPage() {
  return <AccountListPage screen="businessman" roleIds={[ROLE.distributor]} />;
}

/** `Install`: installers. */
export function InstallPage() {
  return <AccountListPage screen="Install" roleIds={[ROLE.installer]} />;
}

/** `deviceuser`: end users. */
export function DeviceuserPage() {
  return <AccountListPage screen="deviceuser" roleIds={[ROLE.endUser]} />;
}

/** `staff`: accounts of the staff role and of every staff role an administrator created. */
export function StaffPage() {
  const roles = useRoles();
  const staffRoleIds = (roles.data ?? [])
    .filter((r) => r.roleId === ROLE.staff || r.roleId > ROLE.enterprise)
    .map((r) => r.roleId);
  return <AccountListPage screen="staff" roleIds={staffRoleIds} canBindRole />;
}

/** `accountback`: disabled accounts of every kind, each with a restore action. */
export function AccountbackPage() {
  return <AccountListPage screen="accountback" disabledOnly canCreate={false} />;
}
