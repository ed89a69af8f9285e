//pass
//--local_size=64 --num_groups=16
// expect: drf — the strided copy fills column grp of in into col, work-items touch col only after the wait, and each writes its own cell of out
__kernel void k(__global const float *in, __global float *out)
{
  __local float col[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_strided_copy(col, in + grp, 64, 16, 0);
  wait_group_events(1, &e);
  col[lid] = col[lid] * col[lid];
  out[grp * 64 + lid] = col[lid];
}
