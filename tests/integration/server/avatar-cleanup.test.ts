import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/types';
import { openMediaStore, type MediaStore } from '../../../src/server/media/store';
import { purgeUnusedAvatars } from '../../../src/server/storage/compaction';
import { api, DEMO, tokenFor } from '../../support/api';
import { photoJpeg } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// An avatar is uploaded first and set on the profile by a second request; one never set, or
// replaced since, is deleted a day after its upload. Whatever is in use stays.

const HOUR = 3_600_000;

describe.each(ONE_ENGINE)('unused avatars on %s', (engine) => {
  let server: TestServer;
  let store: MediaStore;
  let mediaDir: string;
  let offset = 0;
  let photo: Buffer;
  const clock = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    server = await startTestServer(engine, { now: clock });
    mediaDir = join(server.dataDir, 'media');
    store = await openMediaStore(mediaDir);
    // Wide enough for a 480 px variant, so the clean-up is seen to remove those files too.
    photo = await photoJpeg(640, 480);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const upload = async (token: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const response = await fetch(`${server.url}/api/uploadfile/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { filename: string }).filename;
  };

  /** Saves the own profile (with a phone, which a save requires) and the avatar; answers the status. */
  const wear = async (token: string, avatar: string): Promise<number> => {
    const me = await api(server, token).json<User>('/api/users/me');
    const { name, surname, middlename, email } = me;
    const response = await api(server, token).send('PUT', `/api/users/${me.id}`, {
      name,
      surname,
      middlename,
      phone: '89780000000',
      email,
      avatar,
    });
    await response.arrayBuffer();
    return response.status;
  };

  const filesOf = async (id: string) =>
    (await readdir(mediaDir)).filter((file) => file.startsWith(id.slice(0, -'.webp'.length)));
  const served = async (id: string) => {
    const response = await fetch(`${server.url}/api/images/${id}`);
    await response.arrayBuffer();
    return response.status;
  };
  const otherMedia = async () =>
    (await server.db.query<{ id: string }>("SELECT id FROM media WHERE kind <> 'avatar' ORDER BY id")).map(
      (row) => row.id,
    );

  it('deletes an avatar no profile wears a day after its upload, and never one in use', async () => {
    const tourist = await tokenFor(server, DEMO.tourist);
    const seller2 = await tokenFor(server, DEMO.seller2);
    const replaced = await upload(tourist);
    const worn = await upload(tourist);
    const neverSet = await upload(tourist);
    const othersAvatar = await upload(seller2);
    const pictured = await upload(tourist);
    expect(await wear(tourist, replaced)).toBe(200);
    expect(await wear(tourist, worn)).toBe(200);
    expect(await wear(seller2, othersAvatar)).toBe(200);
    // Named by a place's gallery: in use, though no profile wears it.
    await server.db.query(
      'UPDATE places SET gallery = gallery || $1::text WHERE id = (SELECT min(id) FROM places)',
      [pictured],
    );
    expect(await filesOf(neverSet)).toHaveLength(2);
    const catalogueMedia = await otherMedia();
    expect(catalogueMedia.length).toBeGreaterThan(0);

    // Within the day nothing goes.
    offset = 23 * HOUR;
    expect(await purgeUnusedAvatars(server.db, store, clock())).toBe(0);
    const fresh = await upload(tourist);
    for (const id of [replaced, worn, neverSet, othersAvatar, pictured])
      expect([id, await served(id)]).toEqual([id, 200]);

    // After it, the replaced and the never-set avatars go, row, file and variant; the rest stays.
    offset = 25 * HOUR;
    expect(await purgeUnusedAvatars(server.db, store, clock())).toBe(2);
    for (const id of [replaced, neverSet]) {
      expect([id, await served(id)]).toEqual([id, 404]);
      expect(await filesOf(id)).toEqual([]);
    }
    for (const id of [worn, othersAvatar, pictured, fresh]) expect([id, await served(id)]).toEqual([id, 200]);
    expect(await otherMedia()).toEqual(catalogueMedia);
    // A deleted avatar cannot be put on a profile any more.
    expect(await wear(tourist, neverSet)).toBe(400);
    expect((await api(server, tourist).json<User>('/api/users/me')).avatar).toBe(worn);

    // Each upload has its own day; what is worn stays however old.
    offset = 49 * HOUR;
    expect(await purgeUnusedAvatars(server.db, store, clock())).toBe(1);
    expect(await served(fresh)).toBe(404);
    for (const id of [worn, othersAvatar, pictured]) expect([id, await served(id)]).toEqual([id, 200]);
    expect(await otherMedia()).toEqual(catalogueMedia);
  });
});
