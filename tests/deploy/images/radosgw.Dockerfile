# The deploy test's S3 service: Debian's Ceph RADOS gateway, started by scripts/local-rgw.sh on
# 127.0.0.1:RGW_PORT (the test runs it on the host network) with the keys S3_KEY / S3_SECRET.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd curl \
    && rm -rf /var/lib/apt/lists/*
COPY local-rgw.sh radosgw-entry.sh /usr/local/bin/
ENTRYPOINT ["/usr/local/bin/radosgw-entry.sh"]
