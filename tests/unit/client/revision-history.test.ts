import { describe, expect, it } from 'vitest';
import { moderationEventText } from '../../../src/client/app/components/moderation/history';

// How the review history words a published excursion's changes.

describe('a published excursion’s changes in the review history', () => {
  it('names their submission, publication and refusal with its reason', () => {
    expect(moderationEventText({ kind: 'revision_submitted', reason: '' })).toBe(
      'Изменения отправлены на проверку',
    );
    expect(moderationEventText({ kind: 'revision_approved', reason: '' })).toBe('Изменения опубликованы');
    expect(moderationEventText({ kind: 'revision_rejected', reason: ' Цена с ошибкой ' })).toBe(
      'Изменения отклонены: Цена с ошибкой',
    );
    expect(moderationEventText({ kind: 'revision_rejected', reason: '' })).toBe('Изменения отклонены');
  });
});
