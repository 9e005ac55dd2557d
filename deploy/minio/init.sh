#!/bin/sh
# Run once before the API starts (the store-init service), and safe to run again: makes the media
# bucket, lets everybody read its images and nothing else (video is fetched only through addresses the
# API presigns), and gives the API a key of its own that reaches this bucket only.
set -eu
mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing store/cliffhanger-media
mc anonymous set-json /deploy/minio/public-images.json store/cliffhanger-media
mc admin policy create store cliffhanger-media /deploy/minio/api-policy.json
mc admin user add store "$MEDIA_S3_ACCESS_KEY_ID" "$MEDIA_S3_SECRET_ACCESS_KEY"
# mc answers "already applied" with success, so a second run passes.
mc admin policy attach store cliffhanger-media --user "$MEDIA_S3_ACCESS_KEY_ID"
