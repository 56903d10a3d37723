# The mesh-world benchmark (world_bench.cpp): build time, memory and per-query cost at 10^3 ..
# 10^6 triangles. Include this file from any CMakeLists that has already defined `shototsu_core`:
# bench/native/CMakeLists.txt (the root build) and standalone/CMakeLists.txt (`npm run bench`) do.
add_executable(shototsu_world_bench ${CMAKE_CURRENT_LIST_DIR}/world_bench.cpp)
target_link_libraries(shototsu_world_bench PRIVATE shototsu_core)
if(DEFINED SHOTOTSU_WARNINGS)
  target_compile_options(shototsu_world_bench PRIVATE ${SHOTOTSU_WARNINGS})
endif()
