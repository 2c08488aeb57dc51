-- CreateEnum
CREATE TYPE "RerunTrigger" AS ENUM ('manual', 'watch');

-- CreateEnum
CREATE TYPE "RerunStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "reruns" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "originalSessionId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "trigger" "RerunTrigger" NOT NULL,
    "datasetId" TEXT,
    "revision" INTEGER,
    "originalRevision" INTEGER,
    "revisionPins" JSONB NOT NULL DEFAULT '{}',
    "modelName" TEXT NOT NULL,
    "status" "RerunStatus" NOT NULL DEFAULT 'queued',
    "startRequestId" TEXT NOT NULL,
    "requestFingerprint" TEXT NOT NULL,
    "watchId" TEXT,
    "jobId" TEXT,
    "turns" JSONB NOT NULL DEFAULT '[]',
    "errorMessage" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reruns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_watches" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "lastRevision" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_watches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reruns_ownerId_projectId_createdAt_idx" ON "reruns"("ownerId", "projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "reruns_originalSessionId_startRequestId_key" ON "reruns"("originalSessionId", "startRequestId");

-- CreateIndex
CREATE INDEX "session_watches_datasetId_idx" ON "session_watches"("datasetId");

-- CreateIndex
CREATE UNIQUE INDEX "session_watches_sessionId_datasetId_key" ON "session_watches"("sessionId", "datasetId");

-- AddForeignKey
ALTER TABLE "reruns" ADD CONSTRAINT "reruns_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reruns" ADD CONSTRAINT "reruns_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reruns" ADD CONSTRAINT "reruns_originalSessionId_fkey" FOREIGN KEY ("originalSessionId") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reruns" ADD CONSTRAINT "reruns_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reruns" ADD CONSTRAINT "reruns_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "session_watches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_watches" ADD CONSTRAINT "session_watches_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_watches" ADD CONSTRAINT "session_watches_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_watches" ADD CONSTRAINT "session_watches_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
