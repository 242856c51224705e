# Goes with KokkosConfig.cmake beside it: version 99.0.0, compatible with any request.
set(PACKAGE_VERSION 99.0.0)
set(PACKAGE_VERSION_COMPATIBLE TRUE)
