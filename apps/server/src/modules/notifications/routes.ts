import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnnouncementRequest,
  ZAnnouncementResult,
  ZMarkAllRead,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZUnreadCount,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { NotificationService } from './service.js';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (app, { notifications }) => {
  app.get(
    '/notifications',
    {
      config: { access: 'read:notification:own' },
      schema: { tags, summary: 'My notifications, newest first', querystring: ZNotificationListQuery, response: { 200: ZNotificationList } },
    },
    async (req) => notifications.list(actorOf(req), req.query),
  );

  app.get(
    '/notifications/unread-count',
    { config: { access: 'read:notification:own' }, schema: { tags, summary: 'How many of my notifications are unread', response: { 200: ZUnreadCount } } },
    async (req) => ({ count: await notifications.unreadCount(actorOf(req).userId) }),
  );

  app.post(
    '/notifications/read-all',
    { config: { access: 'read:notification:own' }, schema: { tags, summary: 'Mark all my notifications read', response: { 200: ZMarkAllRead } } },
    async (req) => notifications.markAllRead(actorOf(req)),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'read:notification:own' },
      schema: { tags, summary: 'Mark one of my notifications read', params: z.object({ id: z.uuid() }), response: { 200: ZNotification } },
    },
    async (req) => notifications.markRead(actorOf(req), req.params.id),
  );

  app.post(
    '/admin/announcements',
    {
      config: { access: 'announce:notification:any' },
      schema: {
        tags,
        summary: 'Send a notification to one user, every user of a role, or everyone',
        body: ZAnnouncementRequest,
        response: { 200: ZAnnouncementResult },
      },
    },
    async (req) => notifications.announce(actorOf(req), req.body),
  );
};
