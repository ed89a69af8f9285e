//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — the trip count depends on lid, so work-items reach the copy, the wait and the barrier a different number of times
__kernel void k(__global const float *in, __global float *out, int reps)
{
  __requires(reps >= 1 && reps <= 4);
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);
  float acc = 0.0f;

  for (int r = 0; r < (lid % reps) + 1; r++) {
    event_t e = async_work_group_copy(tile, in + (grp * 4 + r) * 64, 64, 0);
    wait_group_events(1, &e);
    acc += tile[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[grp * 64 + lid] = acc;
}
