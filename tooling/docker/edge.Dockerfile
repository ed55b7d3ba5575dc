# The edge proxy (nginx-edge.conf, mounted by docker-compose.yml): Debian's nginx, the same build the static origins
# run, the local topology runs and `npm test` checks every nginx file with (nginx -t), so what passes there is what
# runs here. The certificate pair is mounted at /etc/nginx/tls.
FROM debian:12.12-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80 443
CMD ["nginx", "-g", "daemon off;"]
