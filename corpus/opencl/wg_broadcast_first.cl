//pass
//--local_size=64 --num_groups=16
// expect: drf — work_group_broadcast is reached by all work-items and each writes its own out[gid]
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float x = in[gid];
  float v = work_group_broadcast(x, 0);
  out[gid] = x - v;
}
