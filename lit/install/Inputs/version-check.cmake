# Runs a package's ConfigVersion file (FILE) for the version asked in
# PACKAGE_FIND_VERSION(_MAJOR/_MINOR), as find_package does, and prints
# whether it is compatible.
include(${FILE})
message("compatible: ${PACKAGE_VERSION_COMPATIBLE}")
