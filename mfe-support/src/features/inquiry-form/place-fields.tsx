import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsForm } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import { Failed } from '../../components/call-states.js';
import { useCall } from '../../lib/use-call.js';
import { FieldBlock, FieldError, LoginFirst, controlId, fieldAria } from './form-parts.js';
import styles from './inquiry-form.module.css';
import type { FieldErrors } from './validation.js';

interface PlaceFieldsProps {
  formId: string;
  form: CsForm;
  errors: FieldErrors;
  disabled: boolean;
  update: (patch: Partial<CsForm>) => void;
}

/** A select waits for its list (or a retry after it failed) with only its prompt, disabled. */
const unavailable = (state: { status: string }) => state.status !== 'ready';

/** What a field says when the draft's choice (a game client's, or an older draft's) is not in its list. */
const NOT_OFFERED: FieldErrors = {
  serverId: 'support:errors.serverNotFound',
  gameAreaId: 'support:errors.areaNotFound',
  roleId: 'support:errors.roleNotFound',
};

const notOfferedNow = (field: keyof typeof NOT_OFFERED) => (current: FieldErrors): FieldErrors => ({ ...current, [field]: NOT_OFFERED[field] });

/**
 * Where in the game the question happened (official tickets only): server, then a region of that server, then
 * one of the player's characters there (SPEC §3). A choice clears the ones after it; a draft's choice that the
 * lists do not offer (another game was chosen, or a game client named a server it does not have) is cleared too,
 * and the field asks for a choice with its message until the player makes one.
 */
export function PlaceFields({ formId, form, errors: formErrors, disabled, update: updateForm }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const [notOffered, setNotOffered] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...notOffered, ...formErrors };
  const update = (patch: Partial<CsForm>) => {
    setNotOffered((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
    updateForm(patch);
  };
  const { loggedIn } = useSession();
  const gameId = form.gameId;
  const [servers, retryServers] = useCall('gameServers', gameId === null ? null : String(gameId), () => ({ query: { gameId: gameId ?? 0 } }));
  // Each list is asked for only with a choice the list before offers: a server a game client named that this game
  // does not have is never sent.
  const serverOffered = servers.status === 'ready' && servers.data.some((server) => server.id === form.serverId);
  const [areas, retryAreas] = useCall('gameAreas', gameId !== null && serverOffered ? JSON.stringify([gameId, form.serverId]) : null, () => ({
    query: { gameId: gameId ?? 0, serverId: form.serverId },
  }));
  const areaOffered = areas.status === 'ready' && areas.data.some((area) => area.id === form.gameAreaId);
  const rolesKey = loggedIn && gameId !== null && serverOffered && areaOffered ? JSON.stringify([gameId, form.serverId, form.gameAreaId]) : null;
  const [roles, retryRoles] = useCall('gameRoles', rolesKey, () => ({
    query: { gameId: gameId ?? 0, serverId: form.serverId, areaId: form.gameAreaId },
  }));

  useEffect(() => {
    if (servers.status === 'ready' && form.serverId && !servers.data.some((server) => server.id === form.serverId)) {
      updateForm({ serverId: '', gameAreaId: '', roleId: '', roleName: '' });
      setNotOffered(notOfferedNow('serverId'));
    }
  }, [servers, form.serverId, updateForm]);
  useEffect(() => {
    if (areas.status === 'ready' && form.gameAreaId && !areas.data.some((area) => area.id === form.gameAreaId)) {
      updateForm({ gameAreaId: '', roleId: '', roleName: '' });
      setNotOffered(notOfferedNow('gameAreaId'));
    }
  }, [areas, form.gameAreaId, updateForm]);
  useEffect(() => {
    if (roles.status === 'ready' && form.roleId && !roles.data.some((role) => role.roleId === form.roleId)) {
      updateForm({ roleId: '', roleName: '' });
      setNotOffered(notOfferedNow('roleId'));
    }
  }, [roles, form.roleId, updateForm]);

  return (
    <>
      <FieldBlock field="serverId">
        <label htmlFor={controlId(formId, 'serverId')}>{t('support:form.server')}</label>
        <select
          id={controlId(formId, 'serverId')}
          value={form.serverId}
          disabled={disabled || unavailable(servers)}
          onChange={(event) => update({ serverId: event.target.value, gameAreaId: '', roleId: '', roleName: '' })}
          {...fieldAria(formId, 'serverId', errors)}
        >
          <option value="">{servers.status === 'loading' ? t('common:state.loading') : t('support:form.chooseServer')}</option>
          {servers.status === 'ready'
            ? servers.data.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))
            : null}
        </select>
        {servers.status === 'failed' ? <Failed messageKey={servers.messageKey} retry={retryServers} /> : null}
        <FieldError formId={formId} field="serverId" errors={errors} />
      </FieldBlock>

      <FieldBlock field="gameAreaId">
        <label htmlFor={controlId(formId, 'gameAreaId')}>{t('support:form.region')}</label>
        <select
          id={controlId(formId, 'gameAreaId')}
          value={form.gameAreaId}
          disabled={disabled || unavailable(areas)}
          onChange={(event) => update({ gameAreaId: event.target.value, roleId: '', roleName: '' })}
          {...fieldAria(formId, 'gameAreaId', errors)}
        >
          <option value="">{areas.status === 'loading' ? t('common:state.loading') : t('support:form.chooseRegion')}</option>
          {areas.status === 'ready'
            ? areas.data.map((area) => (
                <option key={area.id} value={area.id}>
                  {area.name}
                </option>
              ))
            : null}
        </select>
        {areas.status === 'failed' ? <Failed messageKey={areas.messageKey} retry={retryAreas} /> : null}
        <FieldError formId={formId} field="gameAreaId" errors={errors} />
      </FieldBlock>

      <FieldBlock field="roleId">
        <label htmlFor={controlId(formId, 'roleId')}>{t('support:form.role')}</label>
        {roles.status === 'ready' && roles.data.length === 0 ? (
          <p className={styles.empty} data-testid="no-character">
            {t('support:form.noCharacter')}
          </p>
        ) : null}
        <select
          id={controlId(formId, 'roleId')}
          value={form.roleId}
          hidden={roles.status === 'ready' && roles.data.length === 0}
          disabled={disabled || unavailable(roles)}
          onChange={(event) => {
            const role = roles.status === 'ready' ? roles.data.find((candidate) => candidate.roleId === event.target.value) : undefined;
            update({ roleId: role?.roleId ?? '', roleName: role?.roleName ?? '' });
          }}
          {...fieldAria(formId, 'roleId', errors)}
        >
          <option value="">{roles.status === 'loading' ? t('common:state.loading') : t('support:form.chooseRole')}</option>
          {roles.status === 'ready'
            ? roles.data.map((role) => (
                <option key={role.roleId} value={role.roleId}>
                  {t('support:form.roleOption', { name: role.roleName, level: role.level })}
                </option>
              ))
            : null}
        </select>
        {!loggedIn ? (
          <p className={styles.hint}>
            <LoginFirst />
          </p>
        ) : null}
        {roles.status === 'failed' ? <Failed messageKey={roles.messageKey} retry={retryRoles} /> : null}
        <FieldError formId={formId} field="roleId" errors={errors} />
      </FieldBlock>
    </>
  );
}
