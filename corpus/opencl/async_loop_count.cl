//pass
//--local_size=64 --num_groups=16
// expect: drf — the loop bound reps is uniform, so every work-item issues the same copies and waits, and tile is read only between a wait and a barrier
__kernel void k(__global const float *in, __global float *out, int reps)
{
  __requires(reps >= 1 && reps <= 4);
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);
  float acc = 0.0f;

  for (int r = 0; r < reps; r++) {
    event_t e = async_work_group_copy(tile, in + (grp * 4 + r) * 64, 64, 0);
    wait_group_events(1, &e);
    acc += tile[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[grp * 64 + lid] = acc;
}
