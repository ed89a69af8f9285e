//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — all 64 work-items of a group write out[grp], each with its own x - v
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float x = in[gid];
  float v = work_group_broadcast(x, 0);
  out[get_group_id(0)] = x - v;
}
