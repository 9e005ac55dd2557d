import { catalogueProblems, i18n, registeredCatalogues, setLanguage, showToast } from '@cliffhanger/shared';
import { sendToStaffSignIn } from './admin.saga';
import { SYNC_MESSAGES, SYNC_NAMESPACE } from './messages';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the words of an ended or refused staff session', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SYNC_NAMESPACE, SYNC_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SYNC_NAMESPACE)).toBe(SYNC_MESSAGES);
  });
  it('tell a Russian reader in Russian that the staff session has ended', async () => {
    await setLanguage('ru');
    const saga = sendToStaffSignIn({ type: 'api/executeQuery/rejected', payload: { status: 401 } });
    const effect = saga.next().value as { payload: { action: unknown } };
    expect(effect.payload.action).toEqual(
      showToast({
        type: 'error',
        title: 'Пожалуйста, войдите снова',
        message: 'Ваш сеанс сотрудника завершён. Войдите, чтобы продолжить.',
      }),
    );
  });
});
