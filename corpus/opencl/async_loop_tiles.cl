//pass
//--local_size=64 --num_groups=16
// expect: drf — each iteration waits for its copy before reading tile and ends with a barrier, so the next copy into tile cannot overlap the previous reads
__kernel void k(__global const float *in, __global float *out, int ntiles)
{
  __requires(ntiles == 8);
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);
  float acc = 0.0f;

  for (int t = 0; t < ntiles; t++) {
    event_t e = async_work_group_copy(tile, in + (grp * ntiles + t) * 64, 64, 0);
    wait_group_events(1, &e);
    acc += tile[63 - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[grp * 64 + lid] = acc;
}
