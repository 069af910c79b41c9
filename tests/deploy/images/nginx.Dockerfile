# The deploy test's stand-in for the nginx image: Debian's nginx, run in the foreground with the
# configuration the test mounts at /etc/nginx/nginx.conf (deploy/nginx.conf on loopback ports).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light \
    && rm -rf /var/lib/apt/lists/*
CMD ["nginx", "-g", "daemon off;"]
