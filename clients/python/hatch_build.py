"""The wheel holds a linux-x64 executable, so it is tagged for that platform, not as pure Python.

manylinux_2_28: the executable is an official Node binary, which needs glibc 2.28 or later.
"""

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class PlatformTag(BuildHookInterface):
    def initialize(self, version, build_data):
        build_data["pure_python"] = False
        build_data["tag"] = "py3-none-manylinux_2_28_x86_64"
