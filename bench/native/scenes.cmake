# The native side of the scene benchmarks (bench/run.mjs): one program, one source per scene.
# Include this file from any CMakeLists that has already defined `shototsu_core`:
#   include(${CMAKE_SOURCE_DIR}/bench/native/scenes.cmake)
# bench/native/standalone/CMakeLists.txt does so for `npm run bench`.
add_executable(shototsu_scene_bench
  ${CMAKE_CURRENT_LIST_DIR}/scene_bench.cpp
  ${CMAKE_CURRENT_LIST_DIR}/s1_particles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/s2_characters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/s3_queries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/s4_rays.cpp)
target_link_libraries(shototsu_scene_bench PRIVATE shototsu_core)
if(DEFINED SHOTOTSU_WARNINGS)
  target_compile_options(shototsu_scene_bench PRIVATE ${SHOTOTSU_WARNINGS})
endif()
