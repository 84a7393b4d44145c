/** The backup module's public entry point: other modules and the app import only this file. */
export { backupRoutes } from './routes.js';
export { scheduleBackup } from './schedule.js';
export { type BackupContext, createBackupService } from './service.js';
export { BACKUP_JOB } from './writer.js';
