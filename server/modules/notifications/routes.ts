import type { FastifyInstance } from 'fastify';
import {
  formatNotificationTime,
  NOTIFICATIONS_READ,
  notificationPageSchema,
  notificationsQuerySchema,
  notificationsReadBodySchema,
  notificationsReadSchema,
  type NotificationPage,
} from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { dropEmptyQuery, okResponse, typed } from '../../lib/route-schemas';
import { markNotificationsRead, notificationsPage } from './repo';

/** GET /api/notifications (contract section 6): cursor paging by id, newest first; POST …/read marks them read. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/api/notifications',
    { preValidation: dropEmptyQuery, schema: { querystring: notificationsQuerySchema, response: okResponse(notificationPageSchema) } },
    async (request) => {
      const { lastNotificationId, size } = request.query;
      const rows = await notificationsPage(ctx.db, currentMember(request).id, lastNotificationId, size + 1);
      const page = rows.slice(0, size);
      const result: NotificationPage = {
        notifications: page.map((r) => ({
          id: r.id,
          type: r.type,
          content: r.content,
          isRead: r.is_read,
          senderMembername: r.sender_name,
          senderProfileImageUrl: r.sender_image,
          createdAt: formatNotificationTime(new Date(Number(r.created_ms))),
        })),
        lastNotificationId: page.at(-1)?.id ?? null,
        hasNext: rows.length > size,
        size,
      };
      return ok(result);
    },
  );

  typed(app).post(
    '/api/notifications/read',
    { bodyLimit: 1024, schema: { body: notificationsReadBodySchema, response: okResponse(notificationsReadSchema) } },
    async (request) => {
      await markNotificationsRead(ctx.db, currentMember(request).id, request.body.lastNotificationId);
      return ok(NOTIFICATIONS_READ);
    },
  );
}
