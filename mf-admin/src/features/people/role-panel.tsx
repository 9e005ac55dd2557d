/**
 * An account's role, said plainly (guest, viewer, staff, superuser), and — for a superuser looking at
 * somebody else's registered account — the one control that grants, changes or revokes staff access.
 * A refusal is shown here, in words; it never signs anybody out.
 */
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  Button,
  selectUser,
  showToast,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminUser } from '../../lib/api/admin.types';
import { problemOf, SelectField } from '../../lib/layout/form';
import { usePeopleT } from './messages';

export function RolePanel({ user }: { user: AdminUser }) {
  const me = useSharedSelector(selectUser);
  const { t } = usePeopleT();
  const canChange = Boolean(me?.is_superuser) && me?.id !== user.id && !user.is_guest;
  const why = !me?.is_superuser
    ? t('role.superuserOnly')
    : me.id === user.id
      ? t('role.own')
      : user.is_guest
        ? t('role.guestNone')
        : null;
  return (
    <div className="admin-role">
      <p>
        <strong>{t('role.label')}:</strong> <span className="admin-badge">{t(`role.${user.role}`)}</span>
      </p>
      {canChange ? <RoleChange user={user} /> : why && <p className="ch-muted admin-hint">{why}</p>}
    </div>
  );
}

function RoleChange({ user }: { user: AdminUser }) {
  const current = user.role === 'guest' ? 'viewer' : user.role;
  const [role, setRole] = useState<AssignableRole>(current);
  const [problem, setProblem] = useState('');
  const [update, state] = adminApi.useAdminUpdateUserMutation();
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  const name = user.email || user.username;

  async function change() {
    setProblem('');
    if (!window.confirm(t('role.question', { name, role: t(`role.${role}`) }))) return;
    const result = await update({ id: user.id, changes: { role } });
    if ('error' in result) return setProblem(problemOf(result.error, t('user.refused')));
    dispatch(showToast({ type: 'success', message: t('role.changed', { name, role: t(`role.${role}`) }) }));
  }

  return (
    <div className="admin-toolbar">
      <SelectField
        label={t('role.label')}
        value={role}
        options={ASSIGNABLE_ROLES.map((value) => [value, t(`role.${value}`)] as const)}
        onChange={(value) => setRole(value as AssignableRole)}
      />
      <Button variant="secondary" disabled={role === current || state.isLoading} onClick={change}>
        {t('role.change')}
      </Button>
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
