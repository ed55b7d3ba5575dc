import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsForm } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import fieldStyles from '../../components/form.module.css';
import { useCall } from '../../lib/use-call.js';
import { LoginFirst, ReferenceSelect, type FieldsProps } from './form-parts.js';
import styles from './inquiry-form.module.css';
import type { FieldErrors } from './validation.js';

/** What a field says when the draft's choice (a game client's, or an older draft's) is not in its list. */
const NOT_OFFERED: FieldErrors = {
  serverId: 'support:errors.serverNotFound',
  gameAreaId: 'support:errors.areaNotFound',
  roleId: 'support:errors.roleNotFound',
};

const notOfferedNow =
  (field: keyof typeof NOT_OFFERED) =>
  (current: FieldErrors): FieldErrors => ({ ...current, [field]: NOT_OFFERED[field] });

/**
 * Where in the game the question happened (official tickets only): server, then a region of that server, then
 * one of the player's characters there (SPEC §3). A choice clears the ones after it; a draft's choice that the
 * lists do not offer (another game was chosen, or a game client named a server it does not have) is cleared too,
 * and the field asks for a choice with its message until the player makes one.
 */
export function PlaceFields({ formId, form, errors: formErrors, disabled, update: updateForm }: FieldsProps) {
  const { t } = useTranslation();
  const [notOffered, setNotOffered] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...notOffered, ...formErrors };
  const update = (patch: Partial<CsForm>) => {
    setNotOffered((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
    updateForm(patch);
  };
  const { loggedIn } = useSession();
  const gameId = form.gameId;
  const [servers, retryServers] = useCall('gameServers', gameId === null ? null : String(gameId), () => ({
    query: { gameId: gameId ?? 0 },
  }));
  // Each list is asked for only with a choice the list before offers: a server a game client named that this game
  // does not have is never sent.
  const serverOffered = servers.status === 'ready' && servers.data.some((server) => server.id === form.serverId);
  const [areas, retryAreas] = useCall(
    'gameAreas',
    gameId !== null && serverOffered ? JSON.stringify([gameId, form.serverId]) : null,
    () => ({
      query: { gameId: gameId ?? 0, serverId: form.serverId },
    }),
  );
  const areaOffered = areas.status === 'ready' && areas.data.some((area) => area.id === form.gameAreaId);
  const rolesKey =
    loggedIn && gameId !== null && serverOffered && areaOffered ? JSON.stringify([gameId, form.serverId, form.gameAreaId]) : null;
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

  const noCharacter = roles.status === 'ready' && roles.data.length === 0;
  const select = { formId, errors, disabled };
  return (
    <>
      <ReferenceSelect
        {...select}
        field="serverId"
        label={t('support:form.server')}
        prompt={t('support:form.chooseServer')}
        list={servers}
        retry={retryServers}
        options={(list) => list.map((server) => ({ value: server.id, label: server.name }))}
        value={form.serverId}
        onChange={(serverId) => update({ serverId, gameAreaId: '', roleId: '', roleName: '' })}
      />
      <ReferenceSelect
        {...select}
        field="gameAreaId"
        label={t('support:form.region')}
        prompt={t('support:form.chooseRegion')}
        list={areas}
        retry={retryAreas}
        options={(list) => list.map((area) => ({ value: area.id, label: area.name }))}
        value={form.gameAreaId}
        onChange={(gameAreaId) => update({ gameAreaId, roleId: '', roleName: '' })}
      />
      <ReferenceSelect
        {...select}
        field="roleId"
        label={t('support:form.role')}
        prompt={t('support:form.chooseRole')}
        list={roles}
        retry={retryRoles}
        options={(list) =>
          list.map((role) => ({ value: role.roleId, label: t('support:form.roleOption', { name: role.roleName, level: role.level }) }))
        }
        value={form.roleId}
        onChange={(roleId) => {
          const role = roles.status === 'ready' ? roles.data.find((candidate) => candidate.roleId === roleId) : undefined;
          update({ roleId: role?.roleId ?? '', roleName: role?.roleName ?? '' });
        }}
        hidden={noCharacter}
        before={
          noCharacter ? (
            <p className={styles.empty} data-testid="no-character">
              {t('support:form.noCharacter')}
            </p>
          ) : null
        }
        after={
          loggedIn ? null : (
            <p className={fieldStyles.hint}>
              <LoginFirst />
            </p>
          )
        }
      />
    </>
  );
}
