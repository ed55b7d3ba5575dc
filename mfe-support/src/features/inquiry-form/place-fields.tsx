import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsForm } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import fieldStyles from '../../components/form.module.css';
import { useCall } from '../../lib/use-call.js';
import { LoginFirst, ReferenceSelect, type FieldsProps } from './form-parts.js';
import styles from './inquiry-form.module.css';
import type { FieldErrors } from './validation.js';

/** The place's choices in their order (SPEC §3), each with its texts and what it says when its list lacks the draft's. */
const PLACE_FIELDS = {
  serverId: { label: 'support:form.server', prompt: 'support:form.chooseServer', notOffered: 'support:errors.serverNotFound' },
  gameAreaId: { label: 'support:form.region', prompt: 'support:form.chooseRegion', notOffered: 'support:errors.areaNotFound' },
  roleId: { label: 'support:form.role', prompt: 'support:form.chooseRole', notOffered: 'support:errors.roleNotFound' },
} as const;
type PlaceField = keyof typeof PLACE_FIELDS;
const PLACE_ORDER = Object.keys(PLACE_FIELDS) as PlaceField[];

/** The draft's change when `field` takes `value`: the choices after it are cleared, the character's name with them. */
function choose(field: PlaceField, value: string): Partial<CsForm> {
  const later = PLACE_ORDER.slice(PLACE_ORDER.indexOf(field) + 1);
  return { ...Object.fromEntries(later.map((next) => [next, ''])), roleName: '', [field]: value };
}

/** Whether a list offers the draft's choice: unknown until the list is there. */
function offers<Item>(
  list: { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; data: readonly Item[] },
  chosen: (item: Item) => boolean,
) {
  return list.status === 'ready' ? list.data.some(chosen) : undefined;
}

/** Drops the draft's choice of `field` once its list is there without it. */
function useDropNotOffered(field: PlaceField, value: string, offered: boolean | undefined, drop: (field: PlaceField) => void) {
  useEffect(() => {
    if (value && offered === false) drop(field);
  }, [field, value, offered, drop]);
}

/** A server's or region's option: its name, for its id. */
const namedOptions = (list: readonly { id: string; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

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
  const serverOffered = offers(servers, (server) => server.id === form.serverId);
  const [areas, retryAreas] = useCall(
    'gameAreas',
    gameId !== null && serverOffered ? JSON.stringify([gameId, form.serverId]) : null,
    () => ({
      query: { gameId: gameId ?? 0, serverId: form.serverId },
    }),
  );
  const areaOffered = offers(areas, (area) => area.id === form.gameAreaId);
  const rolesKey =
    loggedIn && gameId !== null && serverOffered && areaOffered ? JSON.stringify([gameId, form.serverId, form.gameAreaId]) : null;
  const [roles, retryRoles] = useCall('gameRoles', rolesKey, () => ({
    query: { gameId: gameId ?? 0, serverId: form.serverId, areaId: form.gameAreaId },
  }));

  const drop = useCallback(
    (field: PlaceField) => {
      updateForm(choose(field, ''));
      setNotOffered((current) => ({ ...current, [field]: PLACE_FIELDS[field].notOffered }));
    },
    [updateForm],
  );
  useDropNotOffered('serverId', form.serverId, serverOffered, drop);
  useDropNotOffered('gameAreaId', form.gameAreaId, areaOffered, drop);
  const roleOffered = offers(roles, (role) => role.roleId === form.roleId);
  useDropNotOffered('roleId', form.roleId, roleOffered, drop);

  const noCharacter = roles.status === 'ready' && roles.data.length === 0;
  // With no character to choose, "choose a character" leaves the player stuck: the message says the way out.
  const shownErrors: FieldErrors =
    noCharacter && errors.roleId === 'support:errors.roleRequired' ? { ...errors, roleId: 'support:errors.noCharacterHere' } : errors;
  const placeSelect = (field: PlaceField) => ({
    formId,
    errors: shownErrors,
    disabled,
    field,
    label: t(PLACE_FIELDS[field].label),
    prompt: t(PLACE_FIELDS[field].prompt),
    value: form[field],
    onChange: (value: string) => update(choose(field, value)),
  });
  return (
    <>
      <ReferenceSelect {...placeSelect('serverId')} list={servers} retry={retryServers} options={namedOptions} />
      <ReferenceSelect {...placeSelect('gameAreaId')} list={areas} retry={retryAreas} options={namedOptions} />
      <ReferenceSelect
        {...placeSelect('roleId')}
        list={roles}
        retry={retryRoles}
        options={(list) =>
          list.map((role) => ({ value: role.roleId, label: t('support:form.roleOption', { name: role.roleName, level: role.level }) }))
        }
        onChange={(roleId) => {
          const role = roles.status === 'ready' ? roles.data.find((candidate) => candidate.roleId === roleId) : undefined;
          update({ ...choose('roleId', role?.roleId ?? ''), roleName: role?.roleName ?? '' });
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
