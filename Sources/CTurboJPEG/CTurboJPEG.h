// The TurboJPEG API of libjpeg-turbo (Debian libturbojpeg0-dev).
#include <turbojpeg.h>
